import { articleHref } from "../../services/catalogue/links";
import type { ListedArticle } from "../../services/catalogue/build";
import { formatDayMonthYear } from "../../services/dates";
import { pluralize } from "../../services/text";
import { Picture } from "../ui/Picture";
import type { CardPlacement } from "./ProgramCard";

/** An article of the journal in a list: cover, date, minutes to read, title and excerpt. */
export function ArticleCard({ article, heading: Heading = "h3", priority = false }: { article: ListedArticle } & CardPlacement) {
  return (
    <article className="article-card">
      <Picture kind="article" slug={article.slug} alt="" sizes="(max-width: 768px) 100vw, 400px" className="program-card__cover" priority={priority} />
      <p className="article-card__meta">
        <time dateTime={article.publishedAt}>{formatDayMonthYear(article.publishedAt)}</time> ·{" "}
        {`${pluralize(article.minutes, ["минута", "минуты", "минут"])} чтения`}
      </p>
      <Heading className="article-card__title">
        <a href={articleHref(article.slug)}>{article.title}</a>
      </Heading>
      <p className="article-card__excerpt">{article.excerpt}</p>
    </article>
  );
}
