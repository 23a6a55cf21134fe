/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "Validation : médias",
    plan: "Validation : plannings",
    program: "Validation : programmes",
    message: "Validation : messages",
  },
  search: "Rechercher par nom",
  state: "État",
  approveSelected_one: "Approuver la sélection ({{count}})",
  approveSelected_many: "Approuver la sélection ({{count}})",
  approveSelected_other: "Approuver la sélection ({{count}})",
  rejectSelected_one: "Refuser la sélection ({{count}})",
  rejectSelected_many: "Refuser la sélection ({{count}})",
  rejectSelected_other: "Refuser la sélection ({{count}})",
  empty: "Rien n'attend de validation",
  noMatch: "Aucun résultat",
};
