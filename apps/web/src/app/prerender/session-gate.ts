import { TOKEN_KEY } from '@/lib/session-storage';

/**
 * Runs right after the page rendered at build time, before it paints: that page is the visitor's
 * landing, so with a stored session (remembered or this tab's) it is removed, and the app draws
 * the listener's landing itself. Inline, so it costs no request; the server allows it by its hash.
 */
export const SESSION_GATE_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(TOKEN_KEY)})||sessionStorage.getItem(${JSON.stringify(TOKEN_KEY)}))document.getElementById("root").replaceChildren()}catch(e){}`;
