import type en from "../en/material";

/** Server messages of materials and uploads, in Italian. */
export default {
  "material.chunkIndex": "Il blocco {{index}} non esiste: questo file ha {{count}} blocchi",
  "material.chunkCorrupt":
    "Il blocco {{index}} è arrivato danneggiato (lunghezza o MD5 errati); verrà inviato di nuovo",
  "material.fileCorrupt": "Il file ricomposto non corrisponde al suo MD5; caricalo di nuovo",
  "material.typeRefused":
    "Questo file non è un'immagine, un video, un audio o un PDF, qualunque sia il suo nome",
  "material.tooLarge": "Il file supera il limite di caricamento di {{limit}} MB",
  "material.quota": "Il file non rientra nella quota di spazio ({{free}} liberi)",
  "material.uploadUnknown": "Questo caricamento non esiste o è terminato; ricomincia",
  "material.uploadLost": "Il file di questo caricamento non è più sul server; caricalo di nuovo",
  "material.uploadFinishing":
    "Questo caricamento è in fase di completamento e non può più essere abbandonato",
  "material.inUse": "Il contenuto {{name}} è usato da {{count}} programmi o piani",
  "material.folderNotEmpty": "La cartella {{name}} non è vuota",
  "material.folderMissing": "La cartella {{id}} non esiste",
  "material.notFile": "Il contenuto {{id}} è un indirizzo, non un file",
  "material.thumbInvalid": "La miniatura deve essere un'immagine PNG, JPEG, GIF o WebP",
  "material.reviewNotice": "Materiale {{name}}: {{result}}",
  "material.reviewNoticeNote": "Materiale {{name}}: {{result}} ({{note}})",
} satisfies Record<keyof typeof en, string>;
