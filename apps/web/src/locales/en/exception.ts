export default {
  403: "Sorry, you may not open this page.",
  404: "Sorry, this page does not exist.",
  500: "Sorry, something went wrong on the server.",
  home: "Back to the home page",
  inframe: "Embedded page",
  inframeMissing: "No address was given for the embedded page",
  demoTitle: "Permission demo",
  demoText:
    "This page needs the role manager or the permission form. Buttons below are guarded by operations.",
  demoAdd: "Add",
  demoEdit: "Edit",
  demoDelete: "Delete",
} as const;
