import { articleHref } from "../../services/catalogue/links";
import type { Article } from "../../services/catalogue/schemas";
import { formatDayMonthYear } from "../../services/dates";
import { readingMinutes } from "../../services/share";
import { pluralize } from "../../services/text";
import { Picture } from "../ui/Picture";
import type { CardPlacement } from "./ProgramCard";

const articleText = (article: Article) =>
  article.body.map((block) => (block.type === "ul" ? block.items.join(" ") : block.text)).join(" ");

export const articleMinutes = (article: Article) => readingMinutes(`${article.title} ${articleText(article)}`);

/** An article of the journal in a list: cover, date, minutes to read, title and excerpt. */
export function ArticleCard({ article, heading: Heading = "h3", priority = false }: { article: Article } & CardPlacement) {
  return (
    <article className="article-card">
      <Picture kind="article" slug={article.slug} alt="" sizes="(max-width: 768px) 100vw, 400px" className="program-card__cover" priority={priority} />
      <p className="article-card__meta">
        <time dateTime={article.publishedAt}>{formatDayMonthYear(article.publishedAt)}</time> ·{" "}
        {`${pluralize(articleMinutes(article), ["минута", "минуты", "минут"])} чтения`}
      </p>
      <Heading className="article-card__title">
        <a href={articleHref(article.slug)}>{article.title}</a>
      </Heading>
      <p className="article-card__excerpt">{article.excerpt}</p>
    </article>
  );
}
