# Popstage server image: one image, the role chosen at run time (ROLE=web | worker | all).
#   docker build -t popstage .
#   docker run -e ROLE=web -e DATABASE_URL=... -e PLATFORM=shopify ... -p 3000:3000 popstage
# docs/operations.md "Deploying to Shopify" lists the variables.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund \
 && npm run build -w @popstage/admin -w @popstage/widget \
 && npm run build -w @popstage/server \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# ffmpeg processes uploaded clips (FFMPEG_PATH overrides the bundled binary).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 FFMPEG_PATH=/usr/bin/ffmpeg FFPROBE_PATH=/usr/bin/ffprobe
# The bundle finds migrations, the catalogue, shopify.app.toml and the built admin and widget
# where the repository keeps them, so the tree is copied as built (sources excluded by
# .dockerignore are not needed at run time).
COPY --from=build /app /app
USER node
EXPOSE 3000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/apps/server
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=1024", "dist/main.js"]
