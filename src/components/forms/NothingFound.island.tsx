import { useState } from "react";
import { defineIsland } from "../island";
import { NotFoundForm, type NotFoundFormProps } from "./NotFoundForm";
import { ThankYou, type ThankYouProps } from "./ThankYou";

/** The nothing-found panel (spec 2.6): when nothing matches, a lead form; once sent, the thank-you. */
interface NothingFoundProps extends Omit<NotFoundFormProps, "onSent"> {
  thanks: ThankYouProps;
  heading?: string;
  text?: string;
}

function NothingFound({ thanks, heading = "Не нашли, что искали?", text, ...form }: NothingFoundProps) {
  const [sent, setSent] = useState(false);
  return (
    <div className="nothing-found">
      {sent ? (
        <ThankYou {...thanks} />
      ) : (
        <>
          <p className="nothing-found__title">{heading}</p>
          <p className="nothing-found__text">{text ?? "Оставьте контакты — специалист приёмной комиссии подберёт программу под ваш запрос."}</p>
          <NotFoundForm {...form} onSent={() => setSent(true)} />
        </>
      )}
    </div>
  );
}

export default defineIsland("forms/NothingFound", NothingFound, "visible");
