import type { Context } from "hono";
import type { Crumb } from "../../components/layout/Breadcrumbs";
import { DocumentLink } from "../../components/catalogue/DocumentLink";
import { documentPages } from "../../services/catalogue/documents";
import type { DocumentCategory, ListedDocument } from "../../services/catalogue/institute-schemas";
import { documentFiles } from "../../server/documents";
import type { AppEnv } from "../../server/env";
import { renderPage } from "../../render/render";

const docsCrumb: Crumb = { label: "Документы", href: "/docs" };

const inCategories = (documents: ListedDocument[], categories: DocumentCategory[]) => documents.filter((d) => categories.includes(d.category));

/** `/docs`: every document, grouped as the docs pages of spec 2.1 list them, with the site's policies. */
export function docsIndex(c: Context<AppEnv>) {
  const { pages, documents } = c.get("catalogue");
  return renderPage(c, {
    meta: { title: pages.docs.title, description: pages.docs.lead },
    breadcrumbs: [{ label: "Главная", href: "/" }, docsCrumb],
    body: (
      <article className="container text-page text-page--wide">
        <h1>{pages.docs.title}</h1>
        <p className="text-page__lead">{pages.docs.lead}</p>
        <section aria-labelledby="policies-title">
          <h2 id="policies-title">Политики и договоры</h2>
          <ul className="document-list">
            {inCategories(documents, ["policy"]).map((document) => (
              <DocumentLink key={document.id} document={document} bytes={documentFiles[document.slug]?.bytes} />
            ))}
          </ul>
        </section>
        {documentPages.map((page) => (
          <section key={page.path} aria-labelledby={`docs-${page.path.replace(/\W/g, "-")}`}>
            <h2 id={`docs-${page.path.replace(/\W/g, "-")}`}>
              <a href={page.path}>{page.title}</a>
            </h2>
            <ul className="document-list">
              {inCategories(documents, page.categories).map((document) => (
                <DocumentLink key={document.id} document={document} bytes={documentFiles[document.slug]?.bytes} />
              ))}
            </ul>
          </section>
        ))}
      </article>
    ),
  });
}

/** One docs path of spec 2.1 (`/docs/details`, `/docs/ochu-vo-mip/general`, ...). */
export function docsPage(path: string) {
  const page = documentPages.find((p) => p.path === path)!;
  return (c: Context<AppEnv>) => {
    const documents = inCategories(c.get("catalogue").documents, page.categories);
    return renderPage(c, {
      meta: { title: page.title, description: `${page.title}: документы в формате PDF для скачивания.` },
      breadcrumbs: [{ label: "Главная", href: "/" }, docsCrumb, { label: page.title, href: page.path }],
      body: (
        <article className="container text-page text-page--wide">
          <h1>{page.title}</h1>
          <ul className="document-list">
            {documents.map((document) => (
              <DocumentLink key={document.id} document={document} bytes={documentFiles[document.slug]?.bytes} />
            ))}
          </ul>
          <p>
            <a href="/docs">Все документы</a>
          </p>
        </article>
      ),
    });
  };
}
