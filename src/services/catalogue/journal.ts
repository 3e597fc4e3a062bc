import { readingMinutes } from "../share";
import type { Article } from "./schemas";

/** An article's words: its paragraphs, headings, quotes and list items. */
const articleText = (article: Pick<Article, "body">) =>
  article.body.map((block) => (block.type === "ul" ? block.items.join(" ") : block.text)).join(" ");

/** The minutes an article takes to read, its title included: counted once, when the catalogue is built. */
export const articleMinutes = (article: Pick<Article, "title" | "body">) => readingMinutes(`${article.title} ${articleText(article)}`);
