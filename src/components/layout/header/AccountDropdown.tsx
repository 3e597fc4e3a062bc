import { Button } from "../../ui/Button";
import { EyeIcon, UserIcon } from "../../ui/icons";

interface AccountDropdownProps {
  id: string;
  accountUrl: string;
  lowVision: boolean;
}

/** Low-vision mode is a cookie the server reads, so the page renders in it from the first byte. */
export const LOW_VISION_COOKIE = "low_vision";

function toggleLowVision(on: boolean) {
  const maxAge = on ? 60 * 60 * 24 * 365 : 0;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${LOW_VISION_COOKIE}=1; path=/; max-age=${maxAge}; samesite=lax`;
  window.location.reload();
}

/** The icon dropdown of spec 2.3: the low-vision version and the distance-learning system. */
export function AccountDropdown({ id, accountUrl, lowVision }: AccountDropdownProps) {
  return (
    <div className="account-dropdown" id={id} data-testid="account-dropdown">
      <div className="account-card">
        <EyeIcon className="account-card__icon" />
        <p className="account-card__title">Версия для слабовидящих</p>
        <p className="account-card__text">Крупный шрифт, высокая контрастность и увеличенные интервалы.</p>
        <Button variant="outline" onClick={() => toggleLowVision(!lowVision)}>
          {lowVision ? "Обычная версия" : "Включить"}
        </Button>
      </div>
      <div className="account-card">
        <UserIcon className="account-card__icon" />
        <p className="account-card__title">Вход в систему дистанционного обучения</p>
        <p className="account-card__text">Лекции, задания и расписание — в личном кабинете студента.</p>
        <Button variant="violet" href={accountUrl} target="_blank">
          Войти
        </Button>
      </div>
    </div>
  );
}
