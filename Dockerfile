# Production image: the built client served by the Koa server. Databases come from the environment
# (MONGODB_URI, REDIS_URL, SMTP_URL); see docker-compose.yml.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
EXPOSE 3000
CMD ["node", "--import", "tsx", "src-server/main.ts"]
