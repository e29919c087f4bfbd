"""CP-SAT polish for group stages up to a size: prove or improve triples, back-to-backs, rest.

The greedy plan is the hint and the fallback; the solver's objective is the lexicographic one
of docs/planner.md (triples weigh more than every back-to-back together). It runs on one
worker with a fixed seed and a deterministic work limit (work, not wall-clock), so the same
input always yields the same plan whatever the load, and it stops early once the plan meets
the counting bound it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from domain.slots import SlotPlan, SlotProblem, evaluate, quality_key

# Deterministic seconds per solve (work, not wall-clock): fewer triples and back-to-backs
# are worth more than raising the smallest rest by one slot.
STRAIN_WORK = 0.6
GAP_WORK = 0.15
MAX_CELLS = 2500  # match x slot variables; beyond this the greedy plan stands
MAX_GAP_CELLS = 1200


def _solver(work: float) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = work
    solver.parameters.linearization_level = 2  # the LP sees the counting cuts: proofs in time
    solver.parameters.keep_all_feasible_solutions_in_presolve = True
    return solver


class _Model:
    """x[m, s] = match m kicks off in slot s, for slots < `slots`."""

    def __init__(self, problem: SlotProblem, slots: int, hint: Sequence[int] | None) -> None:
        self.problem = problem
        self.slots = slots
        self.hint = hint
        self.model = cp_model.CpModel()
        m_ = self.model
        self.x: dict[tuple[int, int], cp_model.IntVar] = {}
        teams: dict[str, list[int]] = {}
        for m in problem.matches:
            allowed = [s for s in range(slots) if problem.allowed(m.index, s)]
            for s in allowed:
                self.x[m.index, s] = m_.new_bool_var(f"x{m.index}_{s}")
            m_.add_exactly_one(self.x[m.index, s] for s in allowed)
            for team in m.pairing.teams():
                teams.setdefault(team, []).append(m.index)
        for s in range(slots):
            in_slot = [v for (_, t), v in self.x.items() if t == s]
            if in_slot:
                m_.add(sum(in_slot) <= problem.capacity(s))
        self.play: dict[tuple[str, int], cp_model.LinearExprT] = {}
        for team, idxs in teams.items():
            for s in range(slots):
                terms = [self.x[i, s] for i in idxs if (i, s) in self.x]
                self.play[team, s] = sum(terms) if terms else 0
                if len(terms) > 1:
                    m_.add(sum(terms) <= 1)
        # In order of appearance, not by name: the same draw under other names is the same
        # model, so it gets the same plan.
        self.teams = list(teams)
        self.groups: dict[int, list[str]] = {}
        for m in problem.matches:
            members = self.groups.setdefault(m.group, [])
            members.extend(t for t in m.pairing.teams() if t not in members)
        self.b: dict[tuple[str, int], cp_model.IntVar] = {}
        self.spaced(problem.min_gap)
        self.legs_in_order(slots)
        # Who plays when in the hinted plan: every variable gets its hinted value, else the
        # solver may fail to complete the hint and start from nothing.
        self.hinted: set[tuple[str, int]] | None = None
        if hint is not None:
            self.hinted = set()
            for (i, s), v in self.x.items():
                m_.add_hint(v, hint[i] == s)
            for m in problem.matches:
                self.hinted.update((team, hint[m.index]) for team in m.pairing.teams())

    def legs_in_order(self, slots: int) -> None:
        """No return match before the last first-leg match of its group (the same slot is
        allowed: by then every pair has met once or is meeting on another pitch)."""
        groups = {m.group for m in self.problem.matches if m.leg}
        for g in sorted(groups):
            turn = self.model.new_int_var(0, slots, f"turn{g}")
            if self.hint is not None:
                first = [
                    self.hint[m.index] for m in self.problem.matches if m.group == g and not m.leg
                ]
                self.model.add_hint(turn, max(first))
            for m in self.problem.matches:
                if m.group != g:
                    continue
                at = sum(s * v for (i, s), v in self.x.items() if i == m.index)
                if m.leg:
                    self.model.add(at >= turn)
                else:
                    self.model.add(at <= turn)

    def spaced(self, gap: int) -> None:
        """No team plays twice within any `gap` consecutive slots."""
        if gap <= 1:
            return
        for team in self.teams:
            for s in range(self.slots - 1):
                window = [self.play[team, t] for t in range(s, min(s + gap, self.slots))]
                self.model.add(sum(window) <= 1)

    def back_to_backs(self) -> cp_model.LinearExprT:
        """Sum of b[t, s] >= play[t, s] + play[t, s+1] - 1, with the counting cut per group.

        The cut (a group's teams playing in two consecutive slots beyond its size must
        repeat) is implied, but stating it lets the solver prove small shapes in time.
        """
        if self.b:
            return sum(self.b.values())
        b = self.b
        for team in self.teams:
            for s in range(self.slots - 1):
                b[team, s] = self.model.new_bool_var("")
                self.model.add(self.play[team, s] + self.play[team, s + 1] - 1 <= b[team, s])
                if self.hinted is not None:
                    both = (team, s) in self.hinted and (team, s + 1) in self.hinted
                    self.model.add_hint(b[team, s], both)
        for members in self.groups.values():
            for s in range(self.slots - 1):
                self.model.add(
                    sum(b[t, s] for t in members)
                    >= sum(self.play[t, s] + self.play[t, s + 1] for t in members) - len(members)
                )
        return sum(b.values())

    def triples(self) -> cp_model.LinearExprT:
        """Sum of r[t, s] >= b[t, s] + b[t, s+1] - 1: team t plays slots s, s+1 and s+2."""
        self.back_to_backs()
        runs = []
        for team in self.teams:
            for s in range(self.slots - 2):
                r = self.model.new_bool_var("")
                self.model.add_bool_or([self.b[team, s].Not(), self.b[team, s + 1].Not(), r])
                if self.hinted is not None:
                    run = all((team, t) in self.hinted for t in range(s, s + 3))
                    self.model.add_hint(r, run)
                runs.append(r)
        return sum(runs)

    def assignment(self, solver: cp_model.CpSolver) -> list[int]:
        slot_of = [0] * len(self.problem.matches)
        for (i, s), v in self.x.items():
            if solver.boolean_value(v):
                slot_of[i] = s
        return slot_of


def polish(
    problem: SlotProblem,
    start: SlotPlan,
    bound: int,
    *,
    b2b_floor: Callable[[int], int],
    gap_ceiling: Callable[[int], int],
) -> SlotPlan:
    """Return a plan at least as good as `start` by `quality_key`; shapes up to MAX_CELLS.

    `b2b_floor(slots)` and `gap_ceiling(slots)` are counting bounds: where the greedy plan
    already meets them (and has no triple) there is nothing to prove and the solver is not
    called; otherwise the floor is stated, so the solver stops as soon as a plan meets it.
    """
    slots = start.slots
    if len(problem.matches) * slots > MAX_CELLS:
        return start
    best = start
    hint: Sequence[int] | None = start.slot_of
    if slots > bound:  # try to shorten the day first
        found = _solve(problem, bound, None, None)
        if found is None:
            return best
        best, hint, slots = found, found.slot_of, bound
    floor = b2b_floor(slots)
    if best.triples or best.back_to_backs > floor:
        found = _solve(problem, slots, hint, "strain", floor=floor)
        if found is not None and quality_key(found) < quality_key(best):
            best, hint = found, found.slot_of
    if best.back_to_backs == 0 and best.min_gap is not None:
        gap = best.min_gap + 1
        if gap <= gap_ceiling(slots) and len(problem.matches) * slots <= MAX_GAP_CELLS:
            found = _solve(problem, slots, hint, "gap", gap=gap)
            if found is not None and quality_key(found) < quality_key(best):
                best = found
    return best


def _solve(
    problem: SlotProblem,
    slots: int,
    hint: Sequence[int] | None,
    goal: str | None,
    *,
    gap: int = 0,
    floor: int = 0,
) -> SlotPlan | None:
    """One deterministic solve: `strain` minimises triples first, then back-to-backs (one
    weighted sum: a triple outweighs every back-to-back a plan can have); `gap` asks for a
    plan without back-to-backs whose teams all rest `gap` slots."""
    model = _Model(problem, slots, hint)
    if goal == "strain":
        b2b = model.back_to_backs()
        weight = len(model.teams) * slots + 1
        model.model.add(b2b >= floor)
        model.model.minimize(weight * model.triples() + b2b)
    elif goal == "gap":
        model.spaced(gap)
        model.model.add(model.back_to_backs() <= 0)
    solver = _solver(GAP_WORK if goal == "gap" else STRAIN_WORK)
    status = solver.solve(model.model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return evaluate(problem.matches, model.assignment(solver))
