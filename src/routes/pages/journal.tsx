import type { Context } from "hono";
import { ArticleCard } from "../../components/catalogue/ArticleCard";
import { ProgramCard } from "../../components/catalogue/ProgramCard";
import { OkIcon, TelegramIcon, VkIcon, WhatsAppIcon } from "../../components/ui/icons";
import { organizationLogo, organizationRef, personRef } from "../../components/layout/structured-data";
import { Picture } from "../../components/ui/Picture";
import type { ArticleBody, Catalogue, ListedArticle } from "../../services/catalogue/build";
import { articleHref } from "../../services/catalogue/links";
import { indexes } from "../../services/catalogue/queries";
import type { ArticleBlock } from "../../services/catalogue/schemas";
import { articleBodyOf } from "../../services/catalogue/program-details";
import { formatDayMonthYear } from "../../services/dates";
import { generatedImage } from "../../services/images";
import { shareLinks } from "../../services/share";
import { pluralize } from "../../services/text";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";
import { renderNotFound, renderWithPart } from "../../render/error-pages";

const listCrumbs = [
  { label: "Главная", href: "/" },
  { label: "Журнал", href: "/journal" },
];

export function journalList(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const articles = [...catalogue.journal].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return renderPage(c, {
    meta: {
      title: "Журнал о психологии",
      description: "Статьи преподавателей института: профессия психолога, методы терапии, обучение и практика.",
    },
    breadcrumbs: listCrumbs,
    body: (
      <>
        <header className="list-hero container">
          <h1>Журнал</h1>
          <p className="list-hero__lead">{pluralize(articles.length, ["статья", "статьи", "статей"])} преподавателей о профессии, методах и учёбе.</p>
        </header>
        <ul className="card-grid container">
          {articles.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} heading="h2" priority={index === 0} />
            </li>
          ))}
        </ul>
      </>
    ),
  });
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.type) {
    case "h2":
      return <h2>{block.text}</h2>;
    case "ul":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "quote":
      return <blockquote>{block.text}</blockquote>;
    default:
      return <p>{block.text}</p>;
  }
}

const shareNames = { vk: "ВКонтакте", whatsapp: "WhatsApp", telegram: "Telegram", ok: "Одноклассники" } as const;
const shareIcons = { vk: VkIcon, whatsapp: WhatsAppIcon, telegram: TelegramIcon, ok: OkIcon } as const;

function ArticlePage({ catalogue, article, body, url }: { catalogue: Catalogue; article: ListedArticle; body: ArticleBody; url: string }) {
  const index = indexes(catalogue);
  const author = index.teacherById.get(article.authorId);
  const related = article.relatedProgramIds.map((id) => index.programById.get(id)).filter((p) => p !== undefined);
  const links = shareLinks(url, article.title);
  return (
    <article className="article">
      <header className="container article__header">
        <p className="article__meta">
          <time dateTime={article.publishedAt}>{formatDayMonthYear(article.publishedAt)}</time> ·{" "}
          {`${pluralize(article.minutes, ["минута", "минуты", "минут"])} чтения`}
          {article.tags.map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </p>
        <h1>{article.title}</h1>
        <p className="article__lead">{article.excerpt}</p>
        {author ? (
          <p className="article__author">
            Автор: <a href={`/teachers#${author.slug}`}>{author.name}</a>, {author.position.toLowerCase()}
          </p>
        ) : null}
        <Picture kind="article" slug={article.slug} alt="" sizes="(max-width: 768px) 100vw, 760px" className="article__cover" priority />
      </header>
      <div className="container prose article__body">
        {body.map((block, number) => (
          <Block key={number} block={block} />
        ))}
      </div>
      <aside className="container share" aria-label="Поделиться">
        <p className="share__title">Поделиться статьёй</p>
        <ul className="socials socials--dark">
          {(Object.keys(links) as (keyof typeof links)[]).map((network) => {
            const Icon = shareIcons[network];
            return (
              <li key={network}>
                <a href={links[network]} target="_blank" rel="noopener noreferrer" aria-label={`Поделиться: ${shareNames[network]}`}>
                  <Icon />
                </a>
              </li>
            );
          })}
        </ul>
      </aside>
      {related.length > 0 ? (
        <section className="container page-section" aria-labelledby="related-title">
          <h2 id="related-title" className="section__title">
            Программы по теме
          </h2>
          <ul className="card-grid">
            {related.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} discount={catalogue.site.discount} instalment={catalogue.site.instalment} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export function journalArticle(c: Context<AppEnv>) {
  const catalogue = c.get("catalogue");
  const article = indexes(catalogue).article.get(c.req.param("slug") ?? "");
  if (!article) return renderNotFound(c);
  return renderWithPart(c, articleBodyOf(c.env.CATALOGUE, catalogue.version, article.id), (body) => renderArticle(c, article, body));
}

function renderArticle(c: Context<AppEnv>, article: ListedArticle, body: ArticleBody) {
  const catalogue = c.get("catalogue");
  const url = new URL(articleHref(article.slug), c.env.SITE_URL).href;
  const author = indexes(catalogue).teacherById.get(article.authorId);
  return renderPage(c, {
    meta: {
      title: article.title,
      description: article.excerpt,
      ogType: "article",
      ogImage: generatedImage("article", article.slug).src,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: article.title,
          description: article.excerpt,
          datePublished: article.publishedAt,
          dateModified: article.updatedAt ?? article.publishedAt,
          author: author ? personRef(author, c.env.SITE_URL) : undefined,
          publisher: { ...organizationRef(catalogue.site, c.env.SITE_URL), logo: organizationLogo(c.env.SITE_URL) },
          mainEntityOfPage: url,
          keywords: article.tags.join(", "),
          image: new URL(generatedImage("article", article.slug).src, c.env.SITE_URL).href,
        },
      ],
    },
    breadcrumbs: [...listCrumbs, { label: article.title, href: articleHref(article.slug) }],
    body: <ArticlePage catalogue={catalogue} article={article} body={body} url={url} />,
  });
}
