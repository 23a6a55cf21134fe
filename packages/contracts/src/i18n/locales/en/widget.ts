/** Server messages of widgets, in English: the source of this domain's keys, which every other language carries. */
export default {
  "widget.iconInvalid": "The palette image must be a widget image uploaded in your organisation",
};
