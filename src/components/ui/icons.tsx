/**
 * The site's icons, decorative (aria-hidden) and sized by the surrounding CSS. Each points into the
 * one sprite file that `npm run build` draws from icon-shapes.ts: the shapes travel once per
 * visitor (content-hashed, cached for good) instead of inside every page's HTML.
 */
import sprite from "../../../build/icon-sprite.json";
import { chevronDownShape, eyeShape, type IconName, menuShape, phoneShape, searchShape } from "./icon-shapes";

type IconProps = { className?: string };

/** The URL of one icon in the sprite. */
const iconHref = (name: IconName) => `${sprite.href}#${name}`;

function icon(name: IconName) {
  function Icon({ className }: IconProps) {
    return (
      <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true" focusable="false">
        <use href={iconHref(name)} />
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

/**
 * An icon drawn in the page itself, for the first screen's few (the header's): it shows from the
 * page's first bytes, without the sprite (decision 041).
 */
function drawn(name: string, shape: string) {
  function DrawnIcon({ className }: IconProps) {
    return <svg className={className ? `icon ${className}` : "icon"} viewBox="0 0 24 24" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: shape }} />;
  }
  DrawnIcon.displayName = `DrawnIcon(${name})`;
  return DrawnIcon;
}

export const DrawnSearchIcon = drawn("search", searchShape);
export const DrawnChevronDownIcon = drawn("chevron-down", chevronDownShape);
export const DrawnPhoneIcon = drawn("phone", phoneShape);
export const DrawnMenuIcon = drawn("menu", menuShape);
export const DrawnEyeIcon = drawn("eye", eyeShape);

export const SearchIcon = icon("search");
export const CloseIcon = icon("close");
export const ChevronDownIcon = icon("chevron-down");
export const ArrowRightIcon = icon("arrow-right");
export const PhoneIcon = icon("phone");
export const EyeIcon = icon("eye");
export const UserIcon = icon("user");
export const MapPinIcon = icon("map-pin");
export const ClockIcon = icon("clock");
export const MailIcon = icon("mail");
export const LicenceIcon = icon("licence");
export const WhatsAppIcon = icon("whatsapp");
export const TelegramIcon = icon("telegram");
export const VkIcon = icon("vk");
export const YouTubeIcon = icon("youtube");
export const OkIcon = icon("ok");
export const DzenIcon = icon("dzen");
