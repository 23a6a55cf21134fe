/** The one layout of the four review screens (materials, plans, programs, messages). */
export default {
  titles: {
    material: "Проверка: материалы",
    plan: "Проверка: планы",
    program: "Проверка: программы",
    message: "Проверка: сообщения",
  },
  search: "Поиск по названию",
  state: "Состояние",
  approveSelected_one: "Одобрить выбранное ({{count}})",
  approveSelected_few: "Одобрить выбранные ({{count}})",
  approveSelected_many: "Одобрить выбранные ({{count}})",
  approveSelected_other: "Одобрить выбранные ({{count}})",
  rejectSelected_one: "Отклонить выбранное ({{count}})",
  rejectSelected_few: "Отклонить выбранные ({{count}})",
  rejectSelected_many: "Отклонить выбранные ({{count}})",
  rejectSelected_other: "Отклонить выбранные ({{count}})",
  empty: "Ничего не ожидает проверки",
  noMatch: "Ничего не найдено",
};
