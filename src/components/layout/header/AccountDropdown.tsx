import { Button } from "../../ui/Button";
import { EyeIcon, UserIcon } from "../../ui/icons";

/** The panel's id: the header's eye button names it, the client's entry (which writes it again) finds it. */
export const ACCOUNT_PANEL_ID = "account-dropdown";

interface AccountDropdownProps {
  accountUrl: string;
  lowVision: boolean;
}

/**
 * The icon dropdown of spec 2.3: the low-vision version and the distance-learning system. Drawn by the
 * server after the footer (decision 100), an auto popover that the header's eye button opens by
 * `popovertarget` the moment it is pressed, before any island has woken; light dismiss is the
 * browser's. "Включить" is handled by client/account-panel.ts, fetched as the panel first opens.
 */
export function AccountDropdown({ accountUrl, lowVision }: AccountDropdownProps) {
  return (
    <div className="account-dropdown" id={ACCOUNT_PANEL_ID} data-testid="account-dropdown" popover="auto" role="group" aria-label="Версия для слабовидящих и вход в личный кабинет">
      <div className="account-card">
        <EyeIcon className="account-card__icon" />
        <p className="account-card__title">Версия для слабовидящих</p>
        <p className="account-card__text">Крупный шрифт, высокая контрастность и увеличенные интервалы.</p>
        {lowVision ? (
          <p className="account-card__text">Включена. Настройки — в панели вверху страницы.</p>
        ) : (
          <button type="button" className="btn btn--outline" data-low-vision-on="">
            <span className="btn__label">Включить</span>
          </button>
        )}
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
