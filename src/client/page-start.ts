// The script a server-rendered page asks for instead of the app's: it asks for the app only once the page's
// content is on screen. The page and its forms work without any script, so on a slow phone the HTML gets the
// line to itself first, and the app's work (running its code, taking the page over) comes after the text is
// painted. The server names the modules in data-modules: the app's entry first, then the page's own chunks.

const modules = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules;
const [entry, ...chunks] = modules?.split(' ') ?? [];

function start() {
  // The page's chunks come beside the entry rather than after it has run.
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    // As the entry's own script element asks for it, so the preloaded copy is the one the import uses.
    link.crossOrigin = '';
    document.head.append(link);
  }
  if (entry) import(/* @vite-ignore */ entry);
}

// After the frame that shows the content. A tab opened in the background draws no frame until it is shown:
// it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
