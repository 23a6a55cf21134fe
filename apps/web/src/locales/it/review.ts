/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "Revisione: materiali",
    plan: "Revisione: piani",
    program: "Revisione: programmi",
    message: "Revisione: messaggi",
  },
  search: "Cerca per nome",
  state: "Stato",
  approveSelected_one: "Approva selezionato ({{count}})",
  approveSelected_many: "Approva selezionati ({{count}})",
  approveSelected_other: "Approva selezionati ({{count}})",
  rejectSelected_one: "Rifiuta selezionato ({{count}})",
  rejectSelected_many: "Rifiuta selezionati ({{count}})",
  rejectSelected_other: "Rifiuta selezionati ({{count}})",
  empty: "Niente in attesa di revisione",
  noMatch: "Nessun risultato",
};
