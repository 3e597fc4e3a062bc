import { describe, expect, it } from "vitest";
import { messages } from "./messages";

describe("the forms' messages", () => {
  it("are spec 5's, character for character: every test and island that reads the constants shows these", () => {
    expect(messages).toEqual({
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
    });
  });
});
