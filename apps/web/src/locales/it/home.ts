export default {
  welcome: "Benvenuto, {{name}}",
  intro:
    "Dal menu puoi gestire materiali, programmi, piani di riproduzione e messaggi e tenere d'occhio i tuoi schermi.",
  office: "Ente",
  lastSignIn: "Accesso effettuato",
} as const;
