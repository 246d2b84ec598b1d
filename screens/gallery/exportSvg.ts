/**
 * Export of a drawn chart as a stand-alone SVG file (issue 26): the drawing takes its colours from the
 * app's style sheet, so each element's computed presentation is written into it, class names dropped.
 */
const presentation = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'font-family',
  'font-size',
  'font-weight',
  'opacity',
] as const;

export function svgDocument(svg: SVGSVGElement, title: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const copies = [clone, ...Array.from(clone.querySelectorAll('*'))];
  originals.forEach((element, i) => {
    const copy = copies[i];
    if (!copy) return;
    const computed = getComputedStyle(element);
    const style = presentation.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';');
    copy.setAttribute('style', style);
    copy.removeAttribute('class');
  });
  const viewBox = svg.viewBox.baseVal;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.ceil(viewBox.width)));
  clone.setAttribute('height', String(Math.ceil(viewBox.height)));
  clone.removeAttribute('role');
  const doc = clone.ownerDocument;
  const background = doc.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  const heading = doc.createElementNS('http://www.w3.org/2000/svg', 'title');
  heading.textContent = title;
  clone.insertBefore(background, clone.firstChild);
  clone.insertBefore(heading, clone.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
}

/** An exported chart with lines of figures written under it (the "In production" view's numbers, issue 35). */
export function withLines(document: string, lines: readonly string[]): string {
  const parsed = new DOMParser().parseFromString(document.replace(/^<\?xml[^>]*>\n/, ''), 'image/svg+xml');
  const svg = parsed.documentElement;
  const ns = 'http://www.w3.org/2000/svg';
  const [x, y, width, height] = (svg.getAttribute('viewBox') ?? '0 0 0 0').split(' ').map(Number);
  const lineHeight = 18;
  const extra = lineHeight * (lines.length + 1);
  const text = parsed.createElementNS(ns, 'text');
  text.setAttribute('style', 'font-family:sans-serif;font-size:13px;fill:#1f2328');
  lines.forEach((line, i) => {
    const span = parsed.createElementNS(ns, 'tspan');
    span.setAttribute('x', String((x ?? 0) + 12));
    span.setAttribute('y', String((y ?? 0) + (height ?? 0) + lineHeight * (i + 1)));
    span.textContent = line;
    text.append(span);
  });
  svg.append(text);
  const wide = Math.max(width ?? 0, 12 + 7 * Math.max(0, ...lines.map((l) => l.length)));
  svg.setAttribute('viewBox', `${x ?? 0} ${y ?? 0} ${wide} ${(height ?? 0) + extra}`);
  svg.setAttribute('width', String(Math.ceil(wide)));
  svg.setAttribute('height', String(Math.ceil((height ?? 0) + extra)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

/** Hands the browser a file to save. */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
