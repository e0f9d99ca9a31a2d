// How large the star and its pieces are drawn. Neighbouring holes are 40 units apart;
// where the screen's width limits the board (a phone), the margins around the star go
// and the pieces nearly fill their cells: 25 CSS pixels across on a 390-pixel phone
// instead of 19. Hole names, written between the pieces, keep the smaller pieces.
export const NARROW_SCREEN_QUERY = '(max-width: 520px)';

const WIDE_VIEW = { viewBox: '-275 -310 550 620', corner: [-265, -285] };
// The star's holes reach 240 units across and 277 up and down from the centre; the
// arms' outlines 18 more, and a king's crown on the top tip (drawn above its piece,
// large pieces) 30 above the hole. Below the bottom tip as much: a tap is taken up to
// 22 CSS pixels from a hole, and only on the board (with 25 units, 17 pixels on a
// 390-pixel phone, a tap 18 pixels below the tip was lost or not by a fraction of a
// pixel, as the fonts moved the board).
const NARROW_VIEW = { viewBox: '-262 -310 524 620', corner: [-255, -292] };
const PIECE_RADIUS = 14;
const LARGE_PIECE_RADIUS = 18;

// The viewBox, the corner the hovered hole's name is written in, and the pieces' radius.
export function boardScale(narrow, showNames) {
  return { ...(narrow ? NARROW_VIEW : WIDE_VIEW), pieceRadius: narrow && !showNames ? LARGE_PIECE_RADIUS : PIECE_RADIUS };
}
