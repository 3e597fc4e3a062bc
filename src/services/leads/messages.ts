/** Every validation message of spec section 5, character for character. */
export const messages = {
  nameRequired: "*Имя обязательно",
  nameRequiredNotFound: "*Введите ваше имя",
  nameTooShort: "*Не менее 2 символов",
  tooLong32: "*Не больше 32 символов",
  phoneRequired: "*Номер телефона обязателен",
  phoneTooShort: "*Минимум 8 цифр",
  emailRequired: "*Почта обязательна",
  emailRequiredSubscribe: "Пожалуйста, введите адрес электронной почты",
  emailInvalid: "Пожалуйста, введите корректный адрес электронной почты",
  questionTooLong: "*Максимальная длинна вопроса 320 символов",
  consentRequired: "*это поле обязательно",
} as const;

/**
 * Messages where spec 5 is silent (decision 016): characters a person would not type are refused,
 * never silently removed, and a number that no country has is refused with its own message.
 */
export const cleanMessages = {
  nameCharacters: "*Имя может содержать только буквы, пробелы, дефисы и апострофы",
  nameLetters: "*В имени должно быть хотя бы две буквы",
  phoneCharacters: "*Номер может содержать только цифры, пробелы, скобки, дефисы и знак +",
  phoneInvalid: "*Проверьте номер: такого номера не бывает в выбранной стране",
  textCharacters: "*Уберите символы < и > и невидимые служебные символы",
  codeCharacters: "*Код может содержать только буквы, цифры, дефис, точку и подчёркивание",
  pageAddress: "*Некорректный адрес страницы: обновите страницу и отправьте форму ещё раз",
} as const;

/** Outcomes of the forms (spec sections 4 and 8). */
export const outcomes = {
  subscribed: "Вы успешно подписаны!",
  subscribeFailed: "Ошибка при подписке, попробуйте позже",
  networkFailed: "Ошибка сети, попробуйте позже",
  send: "Оставить заявку",
  sending: "Отправка...",
  subscribe: "Подписаться",
} as const;

/** The example under the e-mail field of the subscription form (spec 5: an example-format hint). */
export const EMAIL_EXAMPLE = "Например: name@example.ru";

/** The line shown when the popup form could not be sent (spec 8); phone and WhatsApp are links. */
export const sendFailedLine = {
  before: "Невозможно отправить форму, пожалуйста, свяжитесь с нами по номеру",
  whatsapp: "Напишите в WhatsApp",
} as const;

/** What the server says when it refuses a lead for a reason no field explains. */
export const refusals = {
  tooFast: "Форма отправлена слишком быстро. Пожалуйста, проверьте данные и отправьте её ещё раз.",
  honeypot: "Заявка не принята: форма заполнена автоматически.",
  rateLimited: "Слишком много заявок с вашего адреса. Пожалуйста, попробуйте через минуту или позвоните нам.",
  crossSite: "Запрос отклонён: форма отправлена с другого сайта.",
  tooLarge: "Слишком большой запрос.",
  badJson: "Не удалось прочитать данные формы. Пожалуйста, обновите страницу и попробуйте ещё раз.",
  unsupportedType: "Неподдерживаемый формат данных.",
  turnstileMissing:
    "Подтвердите, что заявку отправляет человек: дождитесь проверки «Я не робот» над кнопкой и отправьте форму ещё раз. Проверка работает только с включённым JavaScript.",
  turnstileFailed: "Проверка «Я не робот» не пройдена. Пройдите её ещё раз и отправьте форму — введённые данные сохранены.",
  turnstileExpired: "Проверка «Я не робот» устарела. Пройдите её ещё раз и отправьте форму — введённые данные сохранены.",
  /** the site's own check (ALTCHA, decision 092): the browser redoes it by itself, nothing to press */
  altchaMissing:
    "Подтвердите, что заявку отправляет человек: подождите пару секунд, пока браузер закончит проверку, и отправьте форму ещё раз. Проверка работает только с включённым JavaScript.",
  altchaFailed: "Не удалось проверить, что форму отправил человек. Отправьте её ещё раз — введённые данные сохранены, а проверка пройдёт сама.",
  altchaExpired: "Проверка, что форму отправил человек, устарела. Отправьте форму ещё раз — введённые данные сохранены, а проверка пройдёт сама.",
  storeFailed: "Не удалось сохранить заявку. Пожалуйста, попробуйте ещё раз через минуту — данные формы сохранены.",
  orderKept:
    "Заказ сохранён, и билеты закреплены за вами, но подтверждение задержалось. Мы передадим заказ сами в течение нескольких минут — билеты и ссылка на оплату придут на электронную почту. Отправлять форму ещё раз не нужно, а если отправите — не меняйте количество билетов.",
  noVisit: "Не удалось подтвердить, что форму отправил человек: откройте любую страницу сайта (нужны включённые cookie), заполните форму и отправьте её ещё раз.",
  idConflict: "Заявка с этим номером уже отправлена с другими данными. Проверьте поля и отправьте форму ещё раз — она уйдёт как новая заявка.",
  badValue: "Проверьте поля формы",
} as const;
