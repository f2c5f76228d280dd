using System;

namespace Onav
{
    /// What an agent's steering does each step (ONAV_AGENT_* update flags).
    [Flags]
    public enum AgentUpdateFlags : byte
    {
        None = 0,
        AnticipateTurns = 1,
        ObstacleAvoidance = 2,
        Separation = 4,
        OptimizeVisibility = 8,
        OptimizeTopology = 16,
        ReplanWhenStalled = 32,
        WalkBackWhenPushed = 64,
        ArriveInGroups = 128,
        All = 255,
    }
}
