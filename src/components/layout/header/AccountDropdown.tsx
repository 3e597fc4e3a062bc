import { Button } from "../../ui/Button";
import { EyeIcon, UserIcon } from "../../ui/icons";
import { enableLowVision } from "../low-vision-cookie";

interface AccountDropdownProps {
  id: string;
  accountUrl: string;
  lowVision: boolean;
}


/** The icon dropdown of spec 2.3: the low-vision version and the distance-learning system. */
export function AccountDropdown({ id, accountUrl, lowVision }: AccountDropdownProps) {
  return (
    <div className="account-dropdown" id={id} data-testid="account-dropdown">
      <div className="account-card">
        <EyeIcon className="account-card__icon" />
        <p className="account-card__title">Версия для слабовидящих</p>
        <p className="account-card__text">Крупный шрифт, высокая контрастность и увеличенные интервалы.</p>
        {lowVision ? (
          <p className="account-card__text">Включена. Настройки — в панели вверху страницы.</p>
        ) : (
          <Button variant="outline" onClick={() => void enableLowVision()}>
            Включить
          </Button>
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
