import { model } from "@medusajs/framework/utils"

/** The last run of each of the plugin's jobs, as the settings page shows it. */
export const JobRun = model
  .define("bnpl_job_run", {
    id: model.id({ prefix: "bnpljob" }).primaryKey(),
    job: model.text(),
    started_at: model.dateTime(),
    finished_at: model.dateTime(),
    outcome: model.enum(["succeeded", "failed"]),
    summary: model.text().nullable(),
    error: model.text().nullable(),
  })
  .indexes([{ on: ["job"], unique: true }])
