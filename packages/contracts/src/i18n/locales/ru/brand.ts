import type en from "../en/brand";

/** Server messages of white-label and second-level domains, in Russian. */
export default {
  "brand.notPersonalised":
    "Для {{name}} персонализация не включена: его пользователи видят бренд вышестоящей организации. Платформа включает её в разделе «Включить персонализацию».",
  "brand.notTenant": "{{name}} не является агентом или клиентом",
  "brand.imageInvalid": "должно быть изображение PNG, JPEG, GIF или WebP (для значка сайта также файл ICO)",
  "brand.imageTooLarge": "может быть не больше {{max}} КБ",
  "brand.imageTooLargeAny": "больше, чем допускается для изображений бренда",
  "brand.imageRef": "должно быть изображением, загруженным на этой странице",
  "brand.colorFormat": "должен быть цветом вида #1677ff",
  "brand.domainFormat":
    "должно быть одной DNS-меткой: от 1 до 63 букв, цифр или дефисов, без дефиса в начале и в конце",
  "brand.domainReserved": "зарезервировано системой",
  "brand.domainRequired": "введите метку домена",
  "brand.domainTaken": "{{domain}} уже является доменом {{name}}",
  "brand.domainTakenOther": "{{domain}} уже занят другим арендатором",
  "brand.filingTextRequired": "укажите регистрационный номер, который показывает ссылка",
} satisfies Record<keyof typeof en, string>;
