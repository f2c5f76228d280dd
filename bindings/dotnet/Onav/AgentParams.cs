// OnavAgentParams: per-agent parameters, checked when the agent is added
// (ArgumentOutOfRangeException naming the field). Start from Default.
using System.Runtime.InteropServices;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    public struct AgentParams
    {
        /// Also picks a WorldCrowd agent's class.
        public double Radius;
        public double Height;
        /// Largest change of velocity per second.
        public double MaxAcceleration;
        public double MaxSpeed;
        /// Neighbours within this distance are considered, and walls
        /// within it that avoidance can reach before they are gathered
        /// again (max speed times wall time horizon plus a quarter of it).
        public double CollisionQueryRange;
        /// How far ahead the visibility optimisation looks.
        public double PathOptimizationRange;
        /// Weight of the push away from close neighbours.
        public double SeparationWeight;
        /// ORCA's time horizon against other agents.
        public double TimeHorizon;
        /// ORCA's time horizon against walls.
        public double WallTimeHorizon;
        /// An agent this close (in X/Z) to its target has arrived.
        public double ArrivalDistance;
        NativeQueryFilter filter;
        /// How many of the nearest neighbours steer the agent.
        public uint MaxNeighbours;
        /// How many of the nearest wall segments bound its avoidance.
        public uint MaxWallSegments;
        int offMeshMode;
        byte updateFlags;
        byte turnStyle;

        /// DetourCrowd's proportions for an agent of `radius` and `height`
        /// (both finite and > 0), with the default filter and every update.
        public static AgentParams Default(double radius, double height)
        {
            var err = new NativeError();
            AgentParams parameters;
            NativeStatus.Check(NativeMethods.onav_agent_params_default(radius, height, out parameters, ref err), ref err);
            return parameters;
        }

        /// Which polygons and links the agent walks, at what cost (a copy).
        public QueryFilter Filter
        {
            get { return new QueryFilter(filter); }
            set { filter = QueryFilter.ToNative(value); }
        }

        public OffMeshMode OffMeshMode
        {
            get { return (OffMeshMode)offMeshMode; }
            set { offMeshMode = (int)value; }
        }

        public AgentUpdateFlags UpdateFlags
        {
            get { return (AgentUpdateFlags)updateFlags; }
            set { updateFlags = (byte)value; }
        }

        /// How the agent takes turns with AgentUpdateFlags.AnticipateTurns.
        public TurnStyle TurnStyle
        {
            get { return (TurnStyle)turnStyle; }
            set { turnStyle = (byte)value; }
        }
    }
}
