/**
 * Server messages of white-label and second-level domains (issue 8), in the six
 * languages; merged into the catalogues of messages.<locale>.ts.
 */
const en = {
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
} as const;

type Catalogue = { readonly [K in keyof typeof en]: string };

const zh_CN: Catalogue = {
  "brand.notPersonalised":
    "{{name}} 尚未开通个性化：其用户看到的是上级的品牌。请由平台在“开通个性化”中开通。",
  "brand.notTenant": "{{name}} 不是代理商或客户",
  "brand.imageInvalid": "必须是 PNG、JPEG、GIF 或 WebP 图片（网站图标也可以是 ICO 文件）",
  "brand.imageTooLarge": "不能超过 {{max}} KB",
  "brand.imageTooLargeAny": "超过了品牌图片允许的最大尺寸",
  "brand.imageRef": "必须是在本页面上传的图片",
  "brand.colorFormat": "必须是 #1677ff 这样的颜色",
  "brand.domainFormat": "必须是一个 DNS 标签：1 到 63 个字母、数字或连字符，且不能以连字符开头或结尾",
  "brand.domainReserved": "为系统保留",
  "brand.domainRequired": "请输入域名前缀",
  "brand.domainTaken": "{{domain}} 已是 {{name}} 的域名",
  "brand.domainTakenOther": "{{domain}} 已被其他租户使用",
  "brand.filingTextRequired": "请填写链接显示的备案号",
};

const zh_TW: Catalogue = {
  "brand.notPersonalised":
    "{{name}} 尚未開通個性化：其用戶看到的是上級的品牌。請由平台在「開通個性化」中開通。",
  "brand.notTenant": "{{name}} 不是代理商或客戶",
  "brand.imageInvalid": "必須是 PNG、JPEG、GIF 或 WebP 圖片（網站圖示也可以是 ICO 檔案）",
  "brand.imageTooLarge": "不能超過 {{max}} KB",
  "brand.imageTooLargeAny": "超過了品牌圖片允許的最大尺寸",
  "brand.imageRef": "必須是在本頁面上傳的圖片",
  "brand.colorFormat": "必須是 #1677ff 這樣的顏色",
  "brand.domainFormat": "必須是一個 DNS 標籤：1 到 63 個字母、數字或連字號，且不能以連字號開頭或結尾",
  "brand.domainReserved": "為系統保留",
  "brand.domainRequired": "請輸入網域前綴",
  "brand.domainTaken": "{{domain}} 已是 {{name}} 的網域",
  "brand.domainTakenOther": "{{domain}} 已被其他租戶使用",
  "brand.filingTextRequired": "請填寫連結顯示的備案號",
};

const it: Catalogue = {
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
};

const ru: Catalogue = {
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
};

const fr: Catalogue = {
  "brand.notPersonalised":
    "La personnalisation n'est pas activée pour {{name}} : ses utilisateurs voient la marque de son parent. La plateforme l'active dans Activer la personnalisation.",
  "brand.notTenant": "{{name}} n'est ni un agent ni un client",
  "brand.imageInvalid": "doit être une image PNG, JPEG, GIF ou WebP (un fichier ICO aussi pour le favicon)",
  "brand.imageTooLarge": "ne doit pas dépasser {{max}} Ko",
  "brand.imageTooLargeAny": "dépasse la taille maximale d'une image de marque",
  "brand.imageRef": "doit être une image téléversée sur cette page",
  "brand.colorFormat": "doit être une couleur comme #1677ff",
  "brand.domainFormat":
    "doit être une seule étiquette DNS : 1 à 63 lettres, chiffres ou tirets, sans tiret au début ni à la fin",
  "brand.domainReserved": "est réservé au système",
  "brand.domainRequired": "saisissez une étiquette de domaine",
  "brand.domainTaken": "{{domain}} est déjà le domaine de {{name}}",
  "brand.domainTakenOther": "{{domain}} est déjà le domaine d'un autre locataire",
  "brand.filingTextRequired": "saisissez le numéro d'enregistrement affiché par le lien",
};

export const brandMessages = { zh_CN, zh_TW, en, it, ru, fr };
