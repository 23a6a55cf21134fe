/** Server messages of white-label and second-level domains, in English: the source of this domain's keys, which every other language carries. */
export default {
  "brand.notPersonalised":
    "Customisation is not enabled for {{name}}: its users see its parent's brand. The platform enables it under Enable personalisation.",
  "brand.notTenant": "{{name}} is not an agent or a customer",
  "brand.imageInvalid": "must be a PNG, JPEG, GIF or WebP image (an ICO file also for the favicon)",
  "brand.imageTooLarge": "may be at most {{max}} KB",
  "brand.imageTooLargeAny": "is larger than any brand image may be",
  "brand.imageRef": "must be an image uploaded on this page",
  "brand.colorFormat": "must be a colour like #1677ff",
  "brand.domainFormat":
    "must be one DNS label: 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen",
  "brand.domainReserved": "is reserved for the system",
  "brand.domainRequired": "enter a domain label",
  "brand.domainTaken": "{{domain}} is already the domain of {{name}}",
  "brand.domainTakenOther": "{{domain}} is already the domain of another tenant",
  "brand.filingTextRequired": "enter the record number the link is shown as",
};
