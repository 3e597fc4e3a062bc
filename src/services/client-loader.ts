/**
 * The client's loader, the page's one inline script (decision 063): it asks for the client's module
 * once the browser has put the first contentful paint on screen, so no script shares the first round
 * trips with the page or delays its first screen, on a slow network or behind the 16 KB wall. A tab
 * opened in the background (which paints nothing until shown) and a browser without paint timing
 * ask at once; if no paint has come after three seconds, it asks anyway.
 *
 * Its script element names the client (`data-entry`); the policy allows it by the hash of this
 * exact text, so a change of a character here changes `CLIENT_LOADER_HASH` (its unit test says so).
 */
export const CLIENT_LOADER =
  '(function(s){var go=function(){go=function(){};var m=document.createElement("script");m.type="module";m.src=s.getAttribute("data-entry");document.body.appendChild(m)};var P=window.PerformanceObserver;if(document.visibilityState==="hidden"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return go();new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});setTimeout(function(){go()},3000)})(document.currentScript)';

/** The loader's source for the Content-Security-Policy's script-src: the SHA-256 of its text. */
export const CLIENT_LOADER_HASH = "'sha256-svpKbWsTXHJCMiLx/by3E7yFqZJKCn+pyRFHi7FqKOw='";
