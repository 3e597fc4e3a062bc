/**
 * The site's icons, decorative (aria-hidden) and sized by the surrounding CSS. An icon the server
 * draws points to its symbol, which the page writes at its end (Document.tsx), for the icons that
 * page drew only: no request for the sprite competes with the first paint (decision 063). An icon
 * the browser draws where the page has no such symbol (a popup's, after a list was swapped) points
 * into the one sprite file that `npm run build` draws from icon-shapes.ts.
 */
import sprite from "../../../build/icon-sprite.json";
import { useRenderContext } from "../render-context";
import { chevronDownShape, eyeShape, type IconName, menuShape, phoneShape, searchShape } from "./icon-shapes";

type IconProps = { className?: string };

/** The id of an icon's symbol in the page. */
export const iconSymbolId = (name: IconName) => `icon-${name}`;

/**
 * Where an icon's shape is: on the server, the page's own symbol (the render notes the icon, so the
 * page writes it); in the browser, the page's symbol when it has one (as hydration finds it), else the sprite.
 */
function useIconHref(name: IconName): string {
  const context = useRenderContext();
  context?.icons.add(name);
  if (context || (typeof document !== "undefined" && document.getElementById(iconSymbolId(name)))) return `#${iconSymbolId(name)}`;
  return `${sprite.href}#${name}`;
}

/** An icon of the sprite. */
function SpriteIcon({ name, className }: IconProps & { name: IconName }) {
  const href = useIconHref(name);
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true" focusable="false">
      <use href={href} />
    </svg>
  );
}

/** One icon of the sprite as a component of its own; called once per icon, at module level. */
function icon(name: IconName) {
  return Object.assign(({ className }: IconProps) => <SpriteIcon name={name} className={className} />, { displayName: `Icon(${name})` });
}

/**
 * An icon drawn in the page itself, for the first screen's few (the header's): it shows from the
 * page's first bytes, without the sprite (decision 041).
 */
function DrawnShape({ shape, className }: IconProps & { shape: string }) {
  return <svg className={className ? `icon ${className}` : "icon"} viewBox="0 0 24 24" aria-hidden="true" focusable="false" dangerouslySetInnerHTML={{ __html: shape }} />;
}

function drawn(name: string, shape: string) {
  return Object.assign(({ className }: IconProps) => <DrawnShape shape={shape} className={className} />, { displayName: `DrawnIcon(${name})` });
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
