# Production image, built in two stages. The runtime stage holds production dependencies only and the
# compiled output (no TypeScript loader, no Vite, no MailDev), and runs as the unprivileged `node` user.
# Databases come from the environment (MONGODB_URI, REDIS_URL, SMTP_URL, JWT_SECRET are required with
# NODE_ENV=production); see docker-compose.yml.

# Build: every dependency, then the client (Vite) and the server (esbuild) into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# patches/ holds fixes to dependencies that npm ci applies (patch-package, the postinstall script).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime.
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Read at start-up to seed the item catalogue.
COPY src-server/catalogue/items.json ./src-server/catalogue/items.json
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "dist/server/main.js"]
