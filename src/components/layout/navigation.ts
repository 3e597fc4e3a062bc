import type { Site } from "../../services/catalogue/schemas";

/** Site links of the header, mobile menu and footer (spec 2.3 and 2.5). */
export interface NavLink {
  label: string;
  href: string;
  external?: boolean;
}

export const mainNavigation: NavLink[] = [
  { label: "Об институте", href: "/ourInstitute" },
  { label: "Семинары", href: "/lectorium" },
  { label: "Супервизия", href: "/practical-training/supervision" },
  { label: "Поступающим", href: "/incomers" },
  { label: "Преподаватели", href: "/teachers" },
  { label: "Вебинары", href: "/webinars" },
  { label: "Журнал", href: "/journal" },
  { label: "Отзывы", href: "/reviews" },
  { label: "Вакансии", href: "/vacancies" },
];

export interface NavColumn {
  title: string;
  links: NavLink[];
}

/** The two columns of the institute popup and of the mobile menu's accordion. */
export function instituteColumns(site: Site): NavColumn[] {
  return [
    {
      title: "Об институте",
      links: [
        { label: "О нас", href: "/ourInstitute" },
        { label: "Контакты", href: "/contacts" },
        { label: "Поступающим", href: "/incomers" },
        { label: "Преподаватели", href: "/teachers" },
        { label: "Отзывы", href: "/reviews" },
      ],
    },
    {
      title: "Сотрудничество",
      links: [
        { label: "Вакансии", href: "/vacancies" },
        { label: "Наши партнеры", href: "/partners" },
        { label: "Партнерская программа", href: site.links.partnerProgram, external: true },
        { label: "Реферальная программа", href: site.links.inviteFriend, external: true },
      ],
    },
  ];
}

export const instituteSingleLinks: NavLink[] = [
  { label: "Семинары", href: "/lectorium" },
  { label: "Вебинары", href: "/webinars" },
  { label: "Супервизия", href: "/practical-training/supervision" },
  { label: "Журнал", href: "/journal" },
  { label: "Сведения об образовательной организации", href: "/sveden/common" },
];

const STUDY_FIELD_LINKS = [
  "psihoterapiya",
  "konsultirovanie",
  "detskaya-psihologiya",
  "dietologiya-i-nutriciologiya",
  "klinicheskaya-psihologiya",
  "organizacionnaya-psihologiya",
  "obshaya-psihologiya",
] as const;

/** The three footer columns of spec 2.5. */
export function footerColumns(site: Site, studyFieldTitle: (slug: string) => string): NavColumn[] {
  return [
    {
      title: "Институт",
      links: [
        { label: "Об институте", href: "/ourInstitute" },
        { label: "Преподаватели", href: "/teachers" },
        { label: "Отзывы", href: "/reviews" },
        { label: "Партнеры", href: "/partners" },
        { label: "Журнал", href: "/journal" },
        { label: "Пригласи друга", href: site.links.inviteFriend, external: true },
        { label: "Партнерская программа", href: site.links.partnerProgram, external: true },
        { label: "Поступающим", href: "/incomers" },
        { label: "Вакансии", href: "/vacancies" },
        { label: "Контакты", href: "/contacts" },
        { label: "Рейтинги", href: "/rating" },
      ],
    },
    {
      title: "Направления",
      links: STUDY_FIELD_LINKS.map((slug) => ({ label: studyFieldTitle(slug), href: `/programs/${slug}` })),
    },
    {
      title: "Обучение",
      links: [
        { label: "Все программы", href: "/programs" },
        { label: "Краткосрочные курсы", href: "/shortTerm" },
        { label: "Повышение квалификации", href: "/courses" },
        { label: "Профессиональная переподготовка", href: "/professions" },
        { label: "Бакалавриат", href: "/bachelor" },
        { label: "Практическая подготовка", href: "/practical-training" },
        { label: "Супервизии", href: "/practical-training/supervision" },
        { label: "Семинары", href: "/lectorium" },
        { label: "Вебинары", href: "/webinars" },
      ],
    },
  ];
}

/** Legal links of the footer (spec 2.5); the documents themselves are PDFs under /docs/pdf/. */
export const legalLinks: NavLink[] = [
  { label: "Сведения об образовательной организации", href: "/sveden/common" },
  { label: "Договор-оферта на участие в мероприятиях", href: "/docs/pdf/event-offer.pdf" },
  { label: "Договор-оферта", href: "/docs/pdf/offer.pdf" },
  { label: "Согласие на обработку данных для аналитики", href: "/docs/pdf/analytics-policy.pdf" },
  { label: "Политика конфиденциальности", href: "/docs/pdf/privacy.pdf" },
  { label: "Правила использования материалов", href: "/docs/pdf/terms.pdf" },
];
