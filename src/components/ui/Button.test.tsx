import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, CloseButton } from "./Button";
import { FullScreenLoader } from "./FullScreenLoader";

describe("Button (spec 4)", () => {
  it("says 'Кнопка' when given no label", () => {
    expect(renderToString(<Button />)).toContain('<span class="btn__label">Кнопка</span>');
  });

  it("renders a link when it has a target, with the safe-opener attributes", () => {
    const html = renderToString(<Button href="https://lms.mip.institute" target="_blank">Войти</Button>);
    expect(html).toMatch(/^<a class="btn btn--primary" href="https:\/\/lms\.mip\.institute" target="_blank" rel="noopener noreferrer">/);
  });

  it("has no disabled state as a link", () => {
    const html = renderToString(<Button href="/programs" disabled>Все</Button>);
    expect(html).not.toContain("disabled");
  });

  it("is a disabled button that does nothing on click when disabled", () => {
    let clicks = 0;
    const element = Button({ disabled: true, onClick: () => clicks++ });
    expect(renderToString(element)).toContain('disabled=""');
    element.props.onClick({});
    expect(clicks).toBe(0);
  });

  it("shows the optional extra information line and the variants", () => {
    const html = renderToString(<Button variant="live" extraInfo="Старт 1 декабря">Записаться</Button>);
    expect(html).toContain("btn--live");
    expect(html).toContain('<span class="btn__info">Старт 1 декабря</span>');
    expect(renderToString(<Button variant="violet" />)).toContain("btn--violet");
  });

  it("labels every close button 'Закрыть'", () => {
    expect(renderToString(<CloseButton onClick={() => undefined} />)).toContain('aria-label="Закрыть"');
  });
});

describe("FullScreenLoader", () => {
  it("announces itself to screen readers", () => {
    const html = renderToString(<FullScreenLoader />);
    expect(html).toContain('role="status"');
    expect(html).toContain("Отправка...");
  });
});
