import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(cleanup)

// findBy* and waitFor wait for a condition; on two loaded cores a real AI SDK
// stream or a lazy chunk can take longer than Testing Library's 1 s to get
// there. The cap is a third of the jsdom projects' testTimeout (vite.config.ts).
configure({ asyncUtilTimeout: 5_000 })
