// "Board size": on a phone the whole star leaves a hole's cell some 25 CSS pixels
// across, enough to aim at but less than a finger's 44; "large" draws the board 1.8
// times as wide in a box that scrolls both ways, so a person plays with larger holes
// and pans to the part of the board in play.
const LARGE_CLASS = 'large';

// select: the size choice ('fit' | 'large'); box: the element the board is drawn in.
export function wireBoardZoom(select, box) {
  select.addEventListener('change', () => {
    const large = select.value === 'large';
    box.classList.toggle(LARGE_CLASS, large);
    if (!large) return;
    // The bottom seat is the person's (the board turns to it): show its side first.
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    box.scrollTop = box.scrollHeight - box.clientHeight;
  });
}
