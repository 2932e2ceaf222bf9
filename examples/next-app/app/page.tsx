import Link from 'next/link'
import { SampleComposer } from './sample-composer'

// A server component: it renders on the server (static at build time) and
// hands the composer to the browser, where it hydrates.
export default function Home() {
  return (
    <main>
      <h1>Parley in Next.js</h1>
      <p>The question composer, server-rendered and hydrated. Choose an option and send it.</p>
      <SampleComposer />
      <p>
        <Link href="/connection">The composer slot with the connection hooks</Link>
      </p>
    </main>
  )
}
