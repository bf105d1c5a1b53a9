/**
 * Every action in the panel's history names who did it (decision 043): the admin API runs each
 * procedure with a database handle carrying this plugin, which adds the person's name to every row
 * it inserts into the order's and the product's histories — whatever use case writes them, in
 * whatever transaction, without each one being told.
 */
import {
  ColumnNode,
  InsertQueryNode,
  type KyselyPlugin,
  PrimitiveValueListNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
} from "kysely";

/** The history tables, as the query names them (before or after the camel-case plugin). */
const HISTORY_TABLES: Record<string, string> = {
  orderEvents: "actorName",
  order_events: "actor_name",
  orderChanges: "actorName",
  order_changes: "actor_name",
  productEvents: "actorName",
  product_events: "actor_name",
  articleEvents: "actorName",
  article_events: "actor_name",
  carrierEvents: "actorName",
  carrier_events: "actor_name",
};

export function actorNamePlugin(name: string): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (!InsertQueryNode.is(node) || !node.into || !node.columns || !node.values) return node;
      if (!ValuesNode.is(node.values)) return node;
      const column = HISTORY_TABLES[node.into.table.identifier.name];
      if (!column || node.columns.some((c) => c.column.name === column)) return node;
      const rows = node.values.values.map((row) =>
        PrimitiveValueListNode.is(row)
          ? PrimitiveValueListNode.create([...row.values, name])
          : ValueListNode.create([...row.values, ValueNode.create(name)]),
      );
      return InsertQueryNode.cloneWith(node, {
        columns: [...node.columns, ColumnNode.create(column)],
        values: ValuesNode.create(rows),
      });
    },
    async transformResult({ result }) {
      return result;
    },
  };
}
