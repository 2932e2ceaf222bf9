import type { NextConfig } from 'next'

// Nothing Parley-specific: no transpilePackages, no serverExternalPackages.
const nextConfig: NextConfig = {}

export default nextConfig
