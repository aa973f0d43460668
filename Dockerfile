# The checkout's production server, momo-checkout-server, in a container (docs/operations.md,
# "The container"). Not built by CI (no container engine there): test/docs/dockerfile.test.ts
# checks what can be checked without one.
#
#   docker build -t momo-checkout .
#   docker run -p 8080:8080 -e MOMO_API_BASE=… -e MOMO_PUBLIC_URL=… -e MOMO_FORM_KEY=… momo-checkout

# Build: the package exactly as `npm pack` makes it (prepack runs the build), from the lock file.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp && mv /tmp/momo-checkout-*.tgz /tmp/momo-checkout.tgz

# Runtime: the tarball installed with production dependencies only (it has none), no sources,
# no build tools, run by the image's unprivileged user.
FROM node:20-bookworm-slim
# Settings, all from the environment (docs/operations.md, "The settings"):
#   MOMO_API_BASE    required: the payment service's base address, without /v1
#   MOMO_PUBLIC_URL  required: where payers reach the checkout (https: turns on HSTS)
#   MOMO_FORM_KEY    required, secret: the no-JavaScript forms' signing keys, comma-separated
#   PORT, HOST       where to listen (set here for the container)
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=build /tmp/momo-checkout.tgz /tmp/momo-checkout.tgz
RUN npm init -y >/dev/null \
 && npm install --omit=dev --no-audit --no-fund /tmp/momo-checkout.tgz \
 && rm /tmp/momo-checkout.tgz \
 && npm cache clean --force
USER node
EXPOSE 8080
# Liveness only (never /readyz: the payment service down is no reason to restart). The slim image
# has no curl: Node's own fetch.
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz', { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains and exits 0 within 10 s: give it more (docker stop -t 15).
CMD ["node", "node_modules/momo-checkout/dist/bin/server.mjs"]
