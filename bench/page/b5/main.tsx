/** The B5 page: `<html data-page="choose|demo">` picks what it mounts (see bench/README.md). */
import { mountChoose } from './choose.tsx'
import { mountDemo } from './demo.tsx'
import { injectPageFaults } from './inject.ts'
import { observePerformance } from './paint.ts'

observePerformance()
injectPageFaults()
const page = document.documentElement.dataset.page
if (page === 'choose') mountChoose()
else if (page === 'demo') mountDemo()
else throw new Error(`unknown B5 page ${page}`)
