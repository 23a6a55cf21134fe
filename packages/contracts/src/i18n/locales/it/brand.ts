import type en from "../en/brand";

/** Server messages of white-label and second-level domains, in Italian. */
export default {
  "brand.notPersonalised":
    "La personalizzazione non è attiva per {{name}}: i suoi utenti vedono il marchio del livello superiore. La piattaforma la attiva in Attiva personalizzazione.",
  "brand.notTenant": "{{name}} non è un agente né un cliente",
  "brand.imageInvalid": "deve essere un'immagine PNG, JPEG, GIF o WebP (per la favicon anche un file ICO)",
  "brand.imageTooLarge": "può essere al massimo di {{max}} KB",
  "brand.imageTooLargeAny": "supera la dimensione massima di un'immagine del marchio",
  "brand.imageRef": "deve essere un'immagine caricata in questa pagina",
  "brand.colorFormat": "deve essere un colore come #1677ff",
  "brand.domainFormat":
    "deve essere un'unica etichetta DNS: da 1 a 63 lettere, cifre o trattini, senza trattino iniziale o finale",
  "brand.domainReserved": "è riservato al sistema",
  "brand.domainRequired": "inserisci un'etichetta di dominio",
  "brand.domainTaken": "{{domain}} è già il dominio di {{name}}",
  "brand.domainTakenOther": "{{domain}} è già il dominio di un altro locatario",
  "brand.filingTextRequired": "inserisci il numero di registrazione mostrato come link",
} satisfies Record<keyof typeof en, string>;
