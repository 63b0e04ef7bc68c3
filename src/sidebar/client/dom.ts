// Building DOM from data. Text always goes in as text nodes (textContent), never as markup: a
// ref number like `<img src=x onerror=…>` from the API shows as those characters, and nothing in
// the sidebar assigns innerHTML.

type Child = Node | string | null | undefined | false;

export interface ElementProps {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  if (props.text !== undefined) node.textContent = props.text;
  append(node, children);
  return node;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces every child of `parent`. */
export function fill(parent: Node, children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

/** The element the HTML template must contain; a missing one is a template bug, said loudly. */
export function byId<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`sidebar template: #${id} is missing`);
  return node;
}

/** A definition list of label → value pairs (values as text). */
export function details(rows: [string, string][]): HTMLDListElement {
  return el(
    'dl',
    { className: 'details' },
    rows.flatMap(([label, value]) => [el('dt', { text: label }), el('dd', { text: value })]),
  );
}
