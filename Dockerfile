# The production server: built with the runtime dependencies only (the build needs no dev tools:
# decision 008), run by an unprivileged user, healthy when /readyz answers. Several of these behind
# a proxy on one PostgreSQL is the normal deployment: deploy/compose.yaml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/dialwise
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
# The data folder holds the embedded database when DATABASE_URL is unset, and generated secrets
# when AUTH_SECRET is unset: a deployment of several instances sets both.
RUN mkdir -p /var/lib/dialwise && chown node:node /var/lib/dialwise
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM ends event streams, finishes requests in flight and exits within 5 s (src/server/shutdown.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
