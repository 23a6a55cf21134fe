export default {
  welcome: "Bienvenue, {{name}}",
  intro:
    "Gérez les médias, programmes, plans de diffusion et messages, et surveillez vos écrans depuis le menu.",
  office: "Organisation",
  lastSignIn: "Heure de connexion",
} as const;
