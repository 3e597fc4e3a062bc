import { type FormEvent, useEffect, useRef, useState } from "react";
import { labelRotation, landingRotation, prizeLabel, prizes, type WheelResult, wrapLabel } from "../../services/wheel";
import { defineIsland } from "../island";
import { leadPopup } from "../state/lead-popup";
import { useSignalValue } from "../state/signals";
import { keepWheelResult, restoreWheelResult, wheelResult } from "../state/wheel";
import { CloseButton } from "../ui/Button";
import { answerOf, wheelClient } from "../../client/api";
import { PAGE_CTA_LABELS } from "../../services/catalogue/cta-labels";
import { type FieldErrors, validate, wheelSpinSchema } from "../../services/leads/schemas";
import { pickerCountry, type VisitorArea } from "../../services/visitor-area";
import { PhoneField } from "../forms/PhoneField";

const SPIN_MS = 4500;
const colours = ["#6f01c6", "#ffb38a", "#8f3fe0", "#ffd6b8", "#5a009f", "#f3e9fc", "#b05cf2", "#ffe9dc"];

/** The wheel as SVG: eight segments with the prizes of spec 3, the first at the top. */
function WheelSvg({ rotation, spinning }: { rotation: number; spinning: boolean }) {
  const segment = 360 / prizes.length;
  const disc = useRef<SVGGElement>(null);
  // set through the CSSOM, not a style attribute: the CSP allows no inline styles
  useEffect(() => {
    if (disc.current) disc.current.style.transform = `rotate(${rotation}deg)`;
  }, [rotation]);
  const point = (angle: number, radius: number) => {
    const radians = ((angle - 90) * Math.PI) / 180;
    return [150 + radius * Math.cos(radians), 150 + radius * Math.sin(radians)] as const;
  };
  return (
    <svg className="wheel__svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="Колесо фортуны с восемью призами">
      <g ref={disc} className={spinning ? "wheel__disc is-spinning" : "wheel__disc"}>
        {prizes.map((prize, index) => {
          const [x1, y1] = point(index * segment, 140);
          const [x2, y2] = point((index + 1) * segment, 140);
          const middle = index * segment + segment / 2;
          const [tx, ty] = point(middle, 84);
          const dark = index % 2 === 0;
          const lines = wrapLabel(prize.short);
          return (
            <g key={prize.giftCode}>
              <path d={`M150 150 L${x1} ${y1} A140 140 0 0 1 ${x2} ${y2} Z`} fill={colours[index]} stroke="#fff" strokeWidth="2" />
              {/* the label runs along the radius, so it stays inside its segment, and never upside down */}
              <text x={tx} y={ty} fill={dark ? "#fff" : "#2b0a4d"} fontSize="10" fontWeight="700" textAnchor="middle" transform={`rotate(${labelRotation(index, rotation)} ${tx} ${ty})`}>
                {lines.map((line, n) => (
                  <tspan key={line} x={tx} dy={n === 0 ? `${-0.6 * (lines.length - 1)}em` : "1.2em"}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      </g>
      <circle cx="150" cy="150" r="22" fill="#fff" stroke="#6f01c6" strokeWidth="4" />
      <path d="M150 4 L162 30 L138 30 Z" fill="#1d1b22" />
    </svg>
  );
}

const FAILED = "Не получилось раскрутить колесо. Попробуйте ещё раз через минуту.";

/**
 * The fortune wheel: the visitor gives the phone, the server draws that phone's prize (by weight,
 * signed, the same prize for the same phone); the wheel spins with an eased animation and lands on
 * it; the result stays and fills the lead form's gift and phone (the gift goes with that phone).
 */
function FortuneWheel({ area }: { area: VisitorArea }) {
  const result = useSignalValue(wheelResult);
  const dialog = useRef<HTMLDialogElement>(null);
  // the wheel is drawn when opened: a closed one adds nothing to the page's HTML
  const [open, setOpen] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<WheelResult | null>(null);
  const [error, setError] = useState("");
  const [phone, setPhone] = useState<{ phone: string; country: string }>({ phone: "", country: pickerCountry(area) });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => restoreWheelResult(), []);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  useEffect(() => {
    if (result && !spinning) setRotation(landingRotation(result.index, 0));
  }, [result, spinning]);

  const spin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError("");
    const checked = validate(wheelSpinSchema, phone);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById("wheel-phone")?.focus();
      return;
    }
    setErrors({});
    setSpinning(true);
    try {
      const response = await wheelClient.wheel.spin.$post({ json: phone });
      const answer = await answerOf(response);
      if (!answer?.ok) {
        // the server said why (the number, no visit, too many spins, off): that, not a generic failure
        setSpinning(false);
        if (answer && "errors" in answer && answer.errors?.phone) {
          setErrors({ phone: answer.errors.phone });
          document.getElementById("wheel-phone")?.focus();
        } else setError(answer?.message ?? FAILED);
        return;
      }
      const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      setRotation(landingRotation(answer.index, reduced ? 0 : 6));
      window.setTimeout(
        () => {
          setSpinning(false);
          const kept = { index: answer.index, text: answer.text, giftCode: answer.giftCode, token: answer.token, phone };
          keepWheelResult(kept);
          setShown(kept);
        },
        reduced ? 0 : SPIN_MS,
      );
    } catch (failure) {
      console.error("wheel:", failure);
      setSpinning(false);
      setError(FAILED);
    }
  };

  const claim = () => {
    // the phone the draw is for (kept with it across pages): the lead form starts with it
    const drawnFor = (shown ?? result)?.phone;
    dialog.current?.close();
    leadPopup.value = {
      cta: "takeGift",
      title: "Получить подарок",
      description: "Оставьте контакты — менеджер приёмной комиссии закрепит подарок за вами и расскажет, как им воспользоваться.",
      blockForAmo: PAGE_CTA_LABELS.wheel,
      ...(drawnFor ? { phone: drawnFor } : {}),
    };
  };

  const current = shown ?? result;
  return (
    <>
      <button type="button" className="wheel-launcher" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {current ? "Ваш подарок" : "Колесо фортуны"}
      </button>
      <dialog ref={dialog} className="modal wheel" aria-label="Колесо фортуны" onClose={() => setOpen(false)}>
        {open ? (
          <div className="modal__body">
            <CloseButton className="modal__close" onClick={() => dialog.current?.close()} />
            <h2 className="modal__title" id="wheel-title">
              Колесо фортуны
            </h2>
            <p className="modal__description">Укажите телефон и крутите колесо: подарок к обучению закрепим за этим номером. Один номер — один подарок.</p>
            <div className="wheel__stage">
              <WheelSvg rotation={rotation} spinning={spinning} />
            </div>
            {current && !spinning ? (
              <div className="wheel__result" role="status">
                <p>
                  Ваш приз: <strong>{prizeLabel(current.giftCode) ?? current.text}</strong>
                </p>
                <p>Оставьте заявку с этим номером — менеджер приёмной комиссии закрепит подарок за вами.</p>
                <button type="button" className="btn btn--primary" onClick={claim}>
                  <span className="btn__label">Получить подарок</span>
                </button>
              </div>
            ) : (
              <form className="wheel__form" onSubmit={spin} noValidate>
                <PhoneField
                  id="wheel-phone"
                  value={phone.phone}
                  country={phone.country}
                  error={errors.phone}
                  disabled={spinning}
                  onChange={(value, country) => setPhone({ phone: value, country })}
                />
                <button type="submit" className="btn btn--primary wheel__spin" disabled={spinning}>
                  <span className="btn__label">{spinning ? "Крутится..." : "Крутить колесо"}</span>
                </button>
                <p className="lead-form__note">
                  Нажимая на кнопку, вы соглашаетесь на <a href="/docs/pdf/privacy.pdf">обработку персональных данных</a>.
                </p>
              </form>
            )}
            {error ? (
              <p className="lead-form__failed" role="alert">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </dialog>
    </>
  );
}

export default defineIsland("promo/FortuneWheel", FortuneWheel, "visible");
