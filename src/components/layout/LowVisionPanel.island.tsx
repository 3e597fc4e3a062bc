import { useState } from "react";
import { defineIsland } from "../island";
import { type LowVision, lowVisionClasses, type Scheme } from "../../services/low-vision";
import { saveLowVision as save } from "../../client/low-vision-cookie";

const schemes: { scheme: Scheme; label: string }[] = [
  { scheme: "white", label: "Чёрным по белому" },
  { scheme: "black", label: "Белым по чёрному" },
  { scheme: "blue", label: "Тёмно-синим по голубому" },
];

/**
 * The settings bar of the low-vision version, on top of every page while it is on, in the page's
 * flow: changes apply at once and persist in the cookie; "Обычная версия" switches back from any
 * page. Each group is a set of options with the chosen one pressed (the images too: shown or hidden).
 */
function LowVisionPanel({ initial }: { initial: LowVision }) {
  const [settings, setSettings] = useState(initial);
  const apply = (next: LowVision) => {
    setSettings(next);
    void save(next);
    const root = document.documentElement;
    root.className = `${root.className.replace(/\b(low-vision|lv-[\w-]+)\b/g, "").trim()} ${lowVisionClasses(next)}`.trim();
  };
  return (
    <section className="lv-panel" aria-label="Настройки версии для слабовидящих">
      <div className="container lv-panel__inner">
        <fieldset className="lv-panel__group">
          <legend>Размер шрифта</legend>
          {([1, 2, 3] as const).map((size) => (
            <button key={size} type="button" aria-pressed={settings.size === size} onClick={() => apply({ ...settings, size })} className={`lv-size-btn lv-size-btn--${size}`}>
              {"А"}
              <span className="visually-hidden">{` размер ${size}`}</span>
            </button>
          ))}
        </fieldset>
        <fieldset className="lv-panel__group">
          <legend>Цвета</legend>
          {schemes.map(({ scheme, label }) => (
            <button key={scheme} type="button" aria-pressed={settings.scheme === scheme} onClick={() => apply({ ...settings, scheme })} className={`lv-scheme-btn lv-scheme-btn--${scheme}`}>
              {/* a phone shows the scheme as a letter in its colours; the words stay the button's name */}
              <span className="lv-scheme-btn__swatch">{"Ц"}</span>{" "}
              <span className="lv-scheme-btn__label">{label}</span>
            </button>
          ))}
        </fieldset>
        <fieldset className="lv-panel__group">
          <legend>Интервал</legend>
          {([0, 1, 2] as const).map((spacing) => (
            <button key={spacing} type="button" aria-pressed={settings.spacing === spacing} onClick={() => apply({ ...settings, spacing })}>
              {["Обычный", "Увеличенный", "Большой"][spacing]}
            </button>
          ))}
        </fieldset>
        <fieldset className="lv-panel__group">
          <legend>Изображения</legend>
          {([true, false] as const).map((images) => (
            <button key={String(images)} type="button" aria-pressed={settings.images === images} onClick={() => apply({ ...settings, images })}>
              {images ? "Показаны" : "Скрыты"}
            </button>
          ))}
        </fieldset>
        <button
          type="button"
          className="lv-panel__exit"
          onClick={() => {
            // the reload once the cookie is gone, or it may still carry it (low-vision-cookie.ts)
            void save(null).then(() => window.location.reload());
          }}
        >
          Обычная версия
        </button>
      </div>
    </section>
  );
}

export default defineIsland("layout/LowVisionPanel", LowVisionPanel, "load");
