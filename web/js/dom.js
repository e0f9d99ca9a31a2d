// Small helpers for building the page's elements.

export const byId = (id) => document.getElementById(id);

// An element with attributes and, when given, its text.
export function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text) node.textContent = text;
  return node;
}
