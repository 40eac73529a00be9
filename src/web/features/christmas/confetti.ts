/**
 * A short burst of confetti over the page: about 140 pieces for 3.5 seconds (spec §9), drawn on one
 * canvas that ignores the pointer and is hidden from assistive technology. Loaded on its own, only when
 * the guest has not asked for reduced motion.
 */
const CONFETTI_PIECES = 140;
const CONFETTI_DURATION_MS = 3500;

const COLOURS = ['#b58a3c', '#e2c88f', '#7a2e2e', '#356a50', '#f5eedc', '#d4b06a'];

interface Piece {
  x: number;
  y: number;
  vx: number;
  vy: number;
  size: number;
  spin: number;
  angle: number;
  colour: string;
  round: boolean;
}

function piece(width: number): Piece {
  return {
    x: Math.random() * width,
    y: -20 - Math.random() * 240,
    vx: (Math.random() - 0.5) * 2.4,
    vy: 1.8 + Math.random() * 2.6,
    size: 6 + Math.random() * 6,
    spin: (Math.random() - 0.5) * 0.3,
    angle: Math.random() * Math.PI,
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)] as string,
    round: Math.random() < 0.3,
  };
}

/** Starts the burst; the returned function ends it early (e.g. when the page is left). */
export function launchConfetti(): () => void {
  const canvas = document.createElement('canvas');
  canvas.className = 'pointer-events-none fixed inset-0 z-50 h-full w-full';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.testid = 'confetti';
  const context = canvas.getContext('2d');
  if (!context) return () => {};
  const scale = window.devicePixelRatio || 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = width * scale;
  canvas.height = height * scale;
  context.scale(scale, scale);
  document.body.append(canvas);

  const pieces = Array.from({ length: CONFETTI_PIECES }, () => piece(width));
  const started = performance.now();
  let frame = 0;

  const stop = () => {
    cancelAnimationFrame(frame);
    canvas.remove();
  };
  const draw = (now: number) => {
    const elapsed = now - started;
    if (elapsed >= CONFETTI_DURATION_MS) return stop();
    context.clearRect(0, 0, width, height);
    // The last half-second fades out rather than vanishing.
    context.globalAlpha = Math.min(1, (CONFETTI_DURATION_MS - elapsed) / 500);
    for (const bit of pieces) {
      bit.x += bit.vx;
      bit.y += bit.vy;
      bit.vy += 0.04;
      bit.angle += bit.spin;
      context.save();
      context.translate(bit.x, bit.y);
      context.rotate(bit.angle);
      context.fillStyle = bit.colour;
      if (bit.round) {
        context.beginPath();
        context.arc(0, 0, bit.size / 2.4, 0, Math.PI * 2);
        context.fill();
      } else {
        context.fillRect(-bit.size / 2, -bit.size / 4, bit.size, bit.size / 2);
      }
      context.restore();
    }
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  return stop;
}
