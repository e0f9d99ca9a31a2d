// A confirm step inside the page for an action that cannot be undone (Resign): the
// button opens a "Yes / No" box next to it instead of acting at once. A blocking
// browser dialog is avoided: it would freeze the clocks' drawing and the engine's
// messages, and tests could not drive it.
export function confirmStep({ button, box, yes, no, action }) {
  const close = () => {
    box.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', () => {
    box.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    no.focus();
  });
  no.addEventListener('click', () => {
    close();
    button.focus();
  });
  yes.addEventListener('click', () => {
    close();
    action();
  });
  return close;
}
