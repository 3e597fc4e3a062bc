import { type MouseEvent, useEffect, useRef } from "react";
import { generatedImage, type ImageKind } from "../../services/images";
import { defineIsland } from "../island";
import { Picture } from "../ui/Picture";
import { CloseButton } from "../ui/Button";

/** The history entry the open viewer adds, so the back button closes it rather than leaving the page. */
const VIEWER_STATE = "diploma-viewer";

const isViewerEntry = (state: unknown) => (state as { viewer?: string } | null)?.viewer === VIEWER_STATE;

/**
 * A graduation document's sample (decision 061), opened large in a viewer over the page: a modal
 * <dialog> (Esc and «Закрыть» close it, focus goes back to the sample), which the back button
 * closes too. Without JavaScript, and with a modifier key, the sample is a link to its largest file.
 */
function DiplomaSample({ slug, alt, sizes }: { slug: string; alt: string; sizes: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const kind: ImageKind = "diploma";
  const large = generatedImage(kind, slug);

  useEffect(() => {
    // back: the entry the viewer added is gone, so the viewer goes too
    const onPop = (event: PopStateEvent) => {
      if (!isViewerEntry(event.state) && dialog.current?.open) dialog.current.close();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !dialog.current) return;
    event.preventDefault();
    dialog.current.showModal();
    if (!isViewerEntry(history.state)) history.pushState({ viewer: VIEWER_STATE }, "");
  };

  // closed by Esc or «Закрыть»: the entry it added leaves the history as well
  const closed = () => {
    opener.current?.focus();
    if (isViewerEntry(history.state)) history.back();
  };

  return (
    <>
      <a ref={opener} className="diploma__open" href={large.src} onClick={open} aria-haspopup="dialog" data-replay="">
        <Picture kind={kind} slug={slug} alt={alt} sizes={sizes} className="diploma__image" />
      </a>
      <dialog ref={dialog} className="viewer" aria-label={alt} onClose={closed}>
        <CloseButton className="viewer__close" onClick={() => dialog.current?.close()} />
        <img className="viewer__image" src={large.src} alt={alt} width={large.width} height={large.height} loading="lazy" decoding="async" />
      </dialog>
    </>
  );
}

export default defineIsland("catalogue/DiplomaSample", DiplomaSample, "interaction");
