import { useEffect, useLayoutEffect } from 'react'

/**
 * `useLayoutEffect` in a browser, `useEffect` where there is no DOM (server
 * rendering), where a layout effect never runs anyway and React 18 warns
 * about every one it meets.
 */
export const useClientLayoutEffect: typeof useLayoutEffect =
  typeof document === 'undefined' ? useEffect : useLayoutEffect
