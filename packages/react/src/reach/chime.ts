/** The audio context the chime plays on, made at the first chime (a browser may keep it suspended until a gesture). */
let context: AudioContext | null = null

/**
 * Plays a short, soft two-note chime (about 0.3 s) through Web Audio. Does
 * nothing where there is no Web Audio, or while the browser blocks sound
 * that no gesture allowed; never throws.
 */
export function playChime(volume = 0.15): void {
  try {
    const Audio = globalThis.AudioContext
    if (!Audio) return
    context ??= new Audio()
    if (context.state === 'suspended') void context.resume().catch(() => {})
    const start = context.currentTime
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const oscillator = context.createOscillator()
      const gain = context.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = frequency
      gain.gain.setValueAtTime(0, start + offset)
      gain.gain.linearRampToValueAtTime(volume, start + offset + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18)
      oscillator.connect(gain).connect(context.destination)
      oscillator.start(start + offset)
      oscillator.stop(start + offset + 0.2)
    }
  } catch {
    // Sound is a nicety: a browser that refuses it changes nothing else.
  }
}
