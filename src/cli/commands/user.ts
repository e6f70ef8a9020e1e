import { Command, Option } from "commander";
import { createUser, listUsers, setUserPassword, USER_ROLES } from "../../core/users/users.ts";
import { withDatabase, withDataDir } from "../data-dir.ts";
import { createTable } from "../table.ts";

export function userCommand(): Command {
  const user = new Command("user").description("manage the staff who sign in");

  user.addCommand(
    withDataDir(
      new Command("add")
        .description("create a user; a password is generated and printed when --password is not given")
        .requiredOption("--email <email>", "sign-in e-mail")
        .requiredOption("--name <name>", "full name")
        .addOption(new Option("--role <role>", "what the user may do").choices(USER_ROLES).makeOptionMandatory())
        .option("--password <password>", "initial password (at least 8 characters)"),
    ).action((options: { email: string; name: string; role: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        const created = await createUser(db, options);
        process.stdout.write(`Created ${created.user.role} ${created.user.name} <${created.user.email}>\n`);
        if (!options.password) process.stdout.write(`Password: ${created.password}\n`);
      }),
    ),
  );

  user.addCommand(
    withDataDir(new Command("list").description("list users")).action((options: { dataDir?: string }) =>
      withDatabase(options, ({ db }) => {
        const table = createTable(["ID", "Name", "E-mail", "Role", "Active", "Created"]);
        for (const row of listUsers(db)) {
          table.push([row.id, row.name, row.email, row.role, row.active ? "yes" : "no", row.createdAt.toISOString().slice(0, 10)]);
        }
        process.stdout.write(`${table.toString()}\n`);
      }),
    ),
  );

  user.addCommand(
    withDataDir(
      new Command("set-password")
        .description("set a user's password and sign them out everywhere; a password is generated when --password is not given")
        .requiredOption("--email <email>", "the user's e-mail")
        .option("--password <password>", "the new password (at least 8 characters)"),
    ).action((options: { email: string; password?: string; dataDir?: string }) =>
      withDatabase(options, async ({ db }) => {
        const { user: changed, password } = await setUserPassword(db, options.email, options.password);
        process.stdout.write(`Password changed for ${changed.email}\n`);
        if (!options.password) process.stdout.write(`Password: ${password}\n`);
      }),
    ),
  );
  return user;
}
