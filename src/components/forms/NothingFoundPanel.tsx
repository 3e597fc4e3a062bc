import { useState } from "react";
import { NotFoundForm, type NotFoundFormProps } from "./NotFoundForm";
import { ThankYou, type ThankYouProps } from "./ThankYou";

export interface NothingFoundPanelProps extends Omit<NotFoundFormProps, "onSent"> {
  thanks: ThankYouProps;
  heading?: string;
  text?: string;
  /** the header's search panel: compact, with a picture */
  compact?: boolean;
}

/**
 * The free-access form's heading and text when the content names none (pages.freeAccess.form): on
 * /free-access, and when it comes back after a failure. It promises what happens to the lead and what
 * the thank-you then says: a specialist calls and opens the access.
 */
export const FREE_ACCESS_TEXTS = {
  heading: "Получить доступ",
  text: "Оставьте контакты — специалист приёмной комиссии позвонит в рабочее время и откроет бесплатный доступ к платформе.",
};

/**
 * The nothing-found panel (spec 2.6): when nothing matches, a lead form; once sent, the thank-you.
 * Shown by the /search page and the 404 page (as the `NothingFound` island) and by the header's
 * search panel.
 */
export function NothingFoundPanel({ thanks, heading = "Не нашли, что искали?", text, compact = false, ...form }: NothingFoundPanelProps) {
  const [sent, setSent] = useState(false);
  return (
    <div className={compact ? "nothing-found nothing-found--panel" : "nothing-found"}>
      {sent ? (
        <ThankYou {...thanks} />
      ) : (
        <>
          {compact ? <img className="nothing-found__image" src="/images/nothing-found.svg" width={120} height={96} alt="" /> : null}
          <p className="nothing-found__title">{heading}</p>
          <p className="nothing-found__text">{text ?? "Оставьте контакты — специалист приёмной комиссии подберёт программу под ваш запрос."}</p>
          <NotFoundForm {...form} onSent={() => setSent(true)} />
        </>
      )}
    </div>
  );
}
